import { withPrefix } from "gatsby";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { classed } from "../../styles/classed";
import * as styles from "./ErrorBoundary.module.css";

type ErrorBoundaryProps = { children: ReactNode };
type ErrorBoundaryState = { error: unknown };

/** Catches a page that throws while rendering and says what went wrong (SPEC §8). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error ?? new Error("Unknown error") };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Unexpected Application Error!", error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <Panel role="alert">
        <h1>Unexpected Application Error!</h1>
        <Message>{describeError(error)}</Message>
        <a href={withPrefix("/")}>Return to Dashboard</a>
      </Panel>
    );
  }
}

/** The message of an Error, the status of a response-like object, or the value as text. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === "object" && error !== null) {
    const { status, statusText } = error as { status?: unknown; statusText?: unknown };
    if (typeof status === "number") return `${status}${typeof statusText === "string" && statusText ? ` ${statusText}` : ""}`;
  }
  return String(error);
}

const Panel = classed("div", styles.panel);

const Message = classed("pre", styles.message);
