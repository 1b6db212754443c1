import type { ReactNode } from "react";
import styled from "styled-components";
import { media } from "../../styles/media";
import { theme } from "../../styles/theme";

type PageHeaderProps = {
  title: string;
  subtitle?: string;
  /** buttons at the right of the heading */
  actions?: ReactNode;
  children?: ReactNode;
};

/** The h1 of a page, its subtitle and its action buttons. */
export function PageHeader({ title, subtitle, actions, children }: PageHeaderProps) {
  return (
    <Header>
      <div>
        <Title>{title}</Title>
        {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
        {children}
      </div>
      {actions ? <Actions>{actions}</Actions> : null}
    </Header>
  );
}

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 1rem;
  margin-bottom: 1.5rem;
`;

const Title = styled.h1`
  font-size: 1.75rem;
  font-weight: 700;
  letter-spacing: -0.01em;
  ${media.mobile} {
    font-size: 1.5rem;
  }
`;

const Subtitle = styled.p`
  margin-top: 0.25rem;
  color: ${theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;
