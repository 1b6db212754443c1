import { createElement, type ComponentPropsWithRef, type ElementType, type ReactElement } from "react";

/** Style-only props, named with a `$`: `$tone="online"` reaches the element as `data-tone="online"`. */
type StyleProps = { [key: `$${string}`]: string | number | boolean | undefined };

type ClassedProps<T extends ElementType, P> = Omit<ComponentPropsWithRef<T>, keyof P> & P & { as?: ElementType; className?: string };

const dataName = (prop: string) => "data-" + prop.slice(1).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * An element (or component) that always carries one class of a CSS Module. The
 * styles are in the stylesheet Gatsby puts into the HTML, so nothing is worked out
 * while rendering: a variant is a style-only prop (`$variant="ghost"`), which
 * becomes a data attribute (`data-variant="ghost"`) for the stylesheet to select
 * on; `true` becomes an empty attribute, `false` and `undefined` none.
 * `as` replaces the element or component (`classed(Item, …)` with `as` loses
 * Item's own class). `classed(OtherComponent, styles.extra)` adds a class to a component's own; a
 * rule there that overrides the component's doubles its class (`.row.row`), since
 * the stylesheets' order across modules is not fixed.
 */
export function classed<T extends ElementType, P extends StyleProps = Record<never, never>>(tag: T, className: string) {
  function Classed({ as, className: extra, ...props }: ClassedProps<T, P>): ReactElement {
    const attributes: Record<string, unknown> = { className: extra ? `${className} ${extra}` : className };
    for (const [key, value] of Object.entries(props)) {
      if (!key.startsWith("$")) attributes[key] = value;
      else if (value !== undefined && value !== false) attributes[dataName(key)] = value === true ? "" : String(value);
    }
    return createElement(as ?? tag, attributes);
  }
  return Classed;
}
