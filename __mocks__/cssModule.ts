/**
 * A CSS Module in Jest: every class name is itself (`styles.card` is "card"), so
 * components render the classes they would in the browser. The styles are the
 * browser tests' business.
 */
const classNames = new Proxy(
  {},
  {
    get: (_target, key) => (key === "__esModule" ? true : typeof key === "string" ? key : undefined),
  },
);

module.exports = classNames;
