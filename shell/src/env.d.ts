/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  /** The supported browsers (root .browserslistrc) as a RegExp source, defined at build time. */
  readonly SUPPORTED_BROWSERS: string;
}
