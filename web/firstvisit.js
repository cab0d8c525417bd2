// kafkawire: keep go-app from calling a first visit an update.
//
// go-app's app.js reports "has been updated, reload to see changes" when a
// newly installed service worker turns "activated" while the page has a
// controller. Our worker (ui/handler.go) claims the page on its first
// install so that the first visit is already controlled (and works offline
// at once); the page then has a controller when the worker activates, and
// app.js takes the first install for an update. An update can only happen
// to a page that was controlled when it loaded, so goappOnUpdate is let
// through only then. This script is not deferred: it runs before app.js
// and the wasm, which both set goappOnUpdate through the property below.
(function () {
  const controlledAtLoad = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  let onUpdate = function () {};
  const gated = function () {
    if (controlledAtLoad) {
      return onUpdate.apply(this, arguments);
    }
  };
  Object.defineProperty(window, "goappOnUpdate", {
    configurable: true,
    get: function () { return gated; },
    set: function (f) { onUpdate = f; },
  });
})();
