// What every app gets for `react-router`: the same list as react-router-dom (react-router-share.mjs).
// A module provides one share key only, so this second file provides the other key; both end in the
// same React Router files, one instance per build. No app imports `react-router` today; sharing the
// list keeps a remote that does from bundling a router of its own.
export * from './react-router-share.mjs';
