import type { ReactNode } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./PageHeader.module.css";

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

const Header = classed("header", styles.header);

const Title = classed("h1", styles.title);

const Subtitle = classed("p", styles.subtitle);

const Actions = classed("div", styles.actions);
