/*
 * Every tap counts. The server's HTML is on screen before the code that answers it: a button the
 * visitor taps then has no handler yet, and React does not replay a click on a part whose code has
 * not arrived. This script (loaded by the shell's page ahead of its code, as a file: the CSP allows
 * no inline script) keeps such a tap and replays it on the same control as soon as React has
 * hydrated it, in the order the taps were made.
 *
 * - Links (`<a href>`) and fields the visitor types into work without code: they are left alone.
 * - A control counts as answered once React has hydrated its element (React marks every element it
 *   owns with a `__reactProps$…` property when it hydrates or renders it).
 * - A control whose part is rendered again from scratch (a part that failed and shows its fallback)
 *   is found again by its place in the page; if it is gone, its tap is dropped.
 */
(function () {
  'use strict';
  var root = document.getElementById('root');
  if (!root || !root.hasAttribute('data-ssr') || !window.requestAnimationFrame) return;

  /** @type {Array<{ el: Element, path: number[], tag: string, text: string, submit: boolean }>} */
  var kept = [];
  var watching = false;

  function answered(el) {
    for (var k in el) if (k.lastIndexOf('__reactProps$', 0) === 0) return true;
    return false;
  }

  function pathOf(el) {
    var path = [];
    for (var n = el; n && n !== root; n = n.parentElement) {
      if (!n.parentElement) return null;
      path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
    }
    return path;
  }

  function atPath(path) {
    var n = root;
    for (var i = 0; n && i < path.length; i++) n = n.children[path[i]];
    return n || null;
  }

  /** The element a kept tap lands on now: the same one, or the one at its place with the same tag and text. */
  function current(entry) {
    if (entry.el.isConnected) return entry.el;
    var again = atPath(entry.path);
    return again && again.tagName === entry.tag && again.textContent === entry.text ? again : null;
  }

  function replay() {
    watching = false;
    var rest = [];
    for (var i = 0; i < kept.length; i++) {
      var entry = kept[i];
      var el = current(entry);
      if (!el) continue;
      // In order: a later tap waits for an earlier one still waiting.
      if (rest.length || !answered(el)) {
        entry.el = el;
        rest.push(entry);
      } else if (entry.submit) {
        if (el.requestSubmit) el.requestSubmit();
      } else {
        el.click();
      }
    }
    kept = rest;
    if (kept.length) watch();
    else document.documentElement.removeAttribute('data-taps-waiting');
  }

  function watch() {
    if (watching) return;
    watching = true;
    window.requestAnimationFrame(replay);
  }

  function keep(el, submit) {
    var path = pathOf(el);
    if (!path) return;
    kept.push({ el: el, path: path, tag: el.tagName, text: el.textContent, submit: submit });
    document.documentElement.setAttribute('data-taps-waiting', '');
    watch();
  }

  var CONTROL =
    'button, [role="button"], [role="tab"], [role="switch"], [role="menuitem"], summary, input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="button"], input[type="image"]';

  window.addEventListener(
    'click',
    function (e) {
      var t = e.target;
      if (!(t instanceof Element) || !root.contains(t)) return;
      var el = t.closest(CONTROL);
      if (!el || !root.contains(el) || el.closest('a[href]') || answered(el)) return;
      if (el.matches(':disabled')) return;
      // A submit button of a form the server answers (method and action) works without code.
      var form = el.form;
      if (form && form.hasAttribute('action') && (el.type === 'submit' || el.type === 'image')) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      keep(el, false);
    },
    true,
  );

  // Enter in a field of a form with no submit button submits it without a click.
  window.addEventListener(
    'submit',
    function (e) {
      var form = e.target;
      if (!(form instanceof HTMLFormElement) || !root.contains(form) || form.hasAttribute('action') || answered(form)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      keep(form, true);
    },
    true,
  );
})();
