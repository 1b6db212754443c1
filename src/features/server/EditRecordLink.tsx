import { Icon } from "../../components/ui/Icon";
import { ButtonAnchor } from "../../components/ui/Button";
import { useEditorAddress } from "../../components/layout/useEditorAddress";

/** "Edit": the server's record in the web editor, when this site has one its reader can use; nothing otherwise. */
export function EditRecordLink({ server }: { server: { id: string; name: string } }) {
  const editorAddress = useEditorAddress();
  if (!editorAddress) return null;
  // in a block of its own, the button is as wide as its words, not as the page
  return (
    <div>
      <ButtonAnchor
        href={editorAddress("servers", { record: server.id })}
        $variant="outline"
        aria-label={`Edit ${server.name} in the content editor`}
      >
        <Icon name="pencil" size={16} />
        Edit
      </ButtonAnchor>
    </div>
  );
}
