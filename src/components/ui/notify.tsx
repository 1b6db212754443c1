import toast from "react-hot-toast";
import styled from "styled-components";

/** Toasts with a title and a line under it. */
export const notify = {
  success: (title: string, description: string) => toast.success(<ToastBody title={title} description={description} />),
  error: (title: string, description: string) => toast.error(<ToastBody title={title} description={description} />),
};

function ToastBody({ title, description }: { title: string; description: string }) {
  return (
    <Body>
      <strong>{title}</strong>
      <span>{description}</span>
    </Body>
  );
}

const Body = styled.span`
  display: grid;
  gap: 0.125rem;
  font-size: 0.875rem;
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
