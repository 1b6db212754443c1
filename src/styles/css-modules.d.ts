/** A CSS Module's class names (Gatsby 5 imports them as named exports: `import * as styles`). */
declare module "*.module.css" {
  const classes: { readonly [className: string]: string };
  export = classes;
}
