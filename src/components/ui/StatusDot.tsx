import styled, { css } from "styled-components";
import { statusPulses, statusTone } from "../../model/status";

type StatusDotProps = {
  status: string;
  /** diameter in px */
  size?: number;
  className?: string;
};

/** A coloured dot for a server status; online and offline pulse. Decorative: say the status in text beside it. */
export function StatusDot({ status, size = 10, className }: StatusDotProps) {
  return <Dot aria-hidden="true" className={className} $tone={statusTone(status)} $pulse={statusPulses(status)} $size={size} />;
}

const Dot = styled.span<{ $tone: string; $pulse: boolean; $size: number }>`
  display: inline-block;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.colors[$tone as "online"]};
  ${({ $pulse }) =>
    $pulse &&
    css`
      animation: status-pulse 2s ease-in-out infinite;
    `}
`;
