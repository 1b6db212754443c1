/** The names a browser or a build gives this machine: localhost, 127.x.x.x, [::1], 0.0.0.0. */
const THIS_MACHINE = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** True when a host name is this machine's: an address with it works for nobody else. */
export const isThisMachine = (hostname: string): boolean => THIS_MACHINE.test(hostname);
