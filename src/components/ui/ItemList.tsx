import styled from "styled-components";
import { theme } from "../../styles/theme";

/** A list of bordered rows (alerts, reports, server locations). */
export const ItemList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.75rem;
`;

/** One bordered row; its children wrap on narrow screens. Extend it for another layout. */
export const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius.md};
`;
