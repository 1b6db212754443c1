import * as Dialog from "@radix-ui/react-dialog";
import { Icon } from "../ui/Icon";
import { Button } from "../ui/Button";
import { VisuallyHidden } from "../ui/VisuallyHidden";
import { useSidebar } from "./SidebarContext";
import { SidebarNav } from "./SidebarNav";
import { classed } from "../../styles/classed";
import * as styles from "./MobileSheet.module.css";

/** Under 768px the sidebar is an 18rem sheet from the left: focus stays inside, Escape closes it. */
export function MobileSheet({ pathname }: { pathname: string }) {
  const { isMobile, mobileOpen, setMobileOpen } = useSidebar();
  return (
    <Dialog.Root open={isMobile && mobileOpen} onOpenChange={setMobileOpen}>
      <Dialog.Portal>
        <Overlay />
        <Content
          id="sidebar-sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The trigger lives outside the dialog, so give focus back to it ourselves.
            event.preventDefault();
            document.getElementById("sidebar-trigger")?.focus();
          }}
        >
          <Dialog.Title asChild>
            <VisuallyHidden>Navigation</VisuallyHidden>
          </Dialog.Title>
          <SidebarNav pathname={pathname} variant="sheet" onNavigate={() => setMobileOpen(false)} />
          <Dialog.Close asChild>
            <Close $variant="ghost" $size="icon" aria-label="Close navigation">
              <Icon name="x" size={18} />
            </Close>
          </Dialog.Close>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Overlay = classed(Dialog.Overlay, styles.overlay);

const Content = classed(Dialog.Content, styles.content);

const Close = classed(Button, styles.close);
