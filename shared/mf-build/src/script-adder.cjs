'use strict';
// Shared by the host pages' first scripts (host-pages.cjs's paint-first, paint-shell.cjs): the source
// of `add(tag, attributes)`, which appends a <script> or <link> for one of the host's files, pinned
// with the hash the portal put in the page for it (infra/portal-server's host-shell.ts), as the
// server pins the page's own tags.
const { hostIntegrityElementId } = require('@portal/config/build-constants.json');

const scriptAdderSource = () => `var pins = document.getElementById(${JSON.stringify(hostIntegrityElementId)});
  var data = pins ? JSON.parse(pins.textContent) : { base: '/', files: {} };
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    var url = attributes.href || attributes.src;
    var hash = url.indexOf(data.base) === 0 ? data.files[url.slice(data.base.length)] : undefined;
    if (hash) element.setAttribute('integrity', hash);
    // Inserted scripts run as soon as they arrive unless told to keep their order.
    if (tag === 'script') element.async = false;
    document.head.appendChild(element);
  }`;

module.exports = { scriptAdderSource };
