import type { ReactNode } from "react";
import styled from "styled-components";
import { Card } from "./Card";
import { theme } from "../../styles/theme";

type StatCardProps = {
  title: string;
  value: ReactNode;
  note?: ReactNode;
  /** decorative icon at the top right */
  icon?: ReactNode;
  /** colour of the value: a status tone or the default text colour */
  $tone?: "online" | "warning" | "offline";
};

/** A figure with its title and a short note under it. */
export function StatCard({ title, value, note, icon, $tone }: StatCardProps) {
  return (
    <Card as="article">
      <Top>
        <Title>{title}</Title>
        {icon ? <Icon aria-hidden="true">{icon}</Icon> : null}
      </Top>
      <Value $tone={$tone}>{value}</Value>
      {note ? <Note>{note}</Note> : null}
    </Card>
  );
}

/** Four (or three) figure cards in a row, wrapping on narrow screens. */
export const StatGrid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 10rem), 1fr));
  margin-bottom: 1.5rem;
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: 1.25rem 1.25rem 0.25rem;
`;

const Title = styled.h2`
  font-size: 0.875rem;
  font-weight: 500;
  color: ${theme.colors.textMuted};
`;

const Icon = styled.span`
  display: inline-flex;
  color: ${theme.colors.textMuted};
`;

const Value = styled.p<{ $tone?: "online" | "warning" | "offline" }>`
  padding: 0 1.25rem;
  font-size: 1.75rem;
  font-weight: 700;
  line-height: 1.3;
  color: ${({ theme, $tone }) => ($tone ? theme.colors[`${$tone}Text`] : theme.colors.text)};
  overflow-wrap: anywhere;
`;

const Note = styled.p`
  padding: 0 1.25rem 1.25rem;
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;
