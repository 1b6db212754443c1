import styled from "styled-components";
import { media } from "../../styles/media";

/** Recent alerts beside the chart on wide screens, stacked on narrow ones. */
export const DashboardColumns = styled.div`
  display: grid;
  gap: 1rem;
  margin-bottom: 1.5rem;
  grid-template-columns: minmax(0, 1fr);
  ${media.wide} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`;
