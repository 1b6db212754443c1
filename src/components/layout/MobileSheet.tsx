import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide";
import { Icon } from "../ui/Icon";
import styled from "styled-components";
import { Button } from "../ui/Button";
import { VisuallyHidden } from "../ui/VisuallyHidden";
import { useSidebar } from "./SidebarContext";
import { SidebarNav } from "./SidebarNav";
import { theme } from "../../styles/theme";

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
              <Icon icon={X} size={18} />
            </Close>
          </Dialog.Close>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 40;
  background: ${theme.colors.overlay};
`;

const Content = styled(Dialog.Content)`
  position: fixed;
  inset: 0 auto 0 0;
  z-index: 50;
  width: ${theme.sidebar.mobile};
  max-width: 85vw;
  background: ${theme.colors.sidebar};
  box-shadow: 4px 0 24px rgba(0, 0, 0, 0.2);
  animation: sheet-in 200ms ease-out;
  @keyframes sheet-in {
    from {
      transform: translateX(-100%);
    }
    to {
      transform: translateX(0);
    }
  }
  &:focus {
    outline: none;
  }
`;

const Close = styled(Button)`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
`;
