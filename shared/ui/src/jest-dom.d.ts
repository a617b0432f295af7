// The root jest setup loads @testing-library/jest-dom at runtime; this makes its matchers known to tsc.
/// <reference types="@testing-library/jest-dom" />
