import styled, { css } from "styled-components";
import type { Tone } from "./tone";

type StatusDotProps = {
  tone: Tone;
  /** a slow pulse, for the states an operator watches (stops under reduced motion) */
  pulse?: boolean;
  /** diameter in px */
  size?: number;
  className?: string;
};

/** A coloured dot. Decorative: say what it means in text beside it. */
export function StatusDot({ tone, pulse = false, size = 10, className }: StatusDotProps) {
  return <Dot aria-hidden="true" className={className} $tone={tone} $pulse={pulse} $size={size} />;
}

const Dot = styled.span<{ $tone: Tone; $pulse: boolean; $size: number }>`
  display: inline-block;
  flex-shrink: 0;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => theme.colors[$tone]};
  ${({ $pulse }) =>
    $pulse &&
    css`
      animation: status-pulse 2s ease-in-out infinite;
    `}
`;
