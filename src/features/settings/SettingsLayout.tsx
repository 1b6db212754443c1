import styled from "styled-components";
import { theme } from "../../styles/theme";

/** Cards of a settings tab, side by side on wide screens. */
export const SettingsGrid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr));
  align-items: start;
`;

export const FormStack = styled.form`
  display: grid;
  gap: 1rem;
`;

export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

/** A polite status line after saving. */
export const SavedNote = styled.p`
  font-size: 0.8125rem;
  color: ${theme.colors.textMuted};
`;
