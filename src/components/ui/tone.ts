/**
 * The colour a piece of UI takes: the three status colours of the theme, the
 * informational blue and a muted neutral. UI primitives speak in tones; what a tone means (a server's
 * status, an alert's type) is decided by the components that know the data.
 */
export type Tone = "online" | "warning" | "offline" | "info" | "neutral";
