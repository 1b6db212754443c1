import styled from "styled-components";

/** A bordered surface. Title level is chosen by the page (h2 under the page's h1). */
export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  min-width: 0;
`;

export const CardHeader = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 1.25rem 1.25rem 0.5rem;
`;

export const CardTitle = styled.h2`
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.4;
`;

export const CardDescription = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const CardContent = styled.div`
  padding: 0.75rem 1.25rem 1.25rem;
`;

/** Shown in place of a list when content has no records. */
export const EmptyState = styled.p`
  padding: 1.5rem 0;
  text-align: center;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
