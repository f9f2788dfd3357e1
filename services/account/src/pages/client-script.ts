/**
 * The one small script of every account page (inline, with the page's CSP nonce). It reads the page data
 * (a JSON block written by the server) and:
 * - posts frame messages to window.parent (mode iframe) or window.opener (mode popup), always with the
 *   redirect URI's origin as targetOrigin, never '*': page view on load, then the page's own messages
 *   (register success, auth code, login success, logout request, clear user info, cookie check);
 * - switches between the login and sign-up views (posting show login / show sign-up), and accepts the same
 *   switch from the host only when the message comes from an allowed origin and from the host window;
 * - validates forms before sending, marks fields aria-invalid and announces errors in the alert region;
 * - toggles password visibility.
 * Plain ES2017, no template strings, so it can live in this string.
 */
export const CLIENT_SCRIPT = String.raw`(function () {
  'use strict';
  var node = document.getElementById('page-data');
  var data = {};
  try { data = JSON.parse((node && node.textContent) || '{}'); } catch (e) { data = {}; }
  var T = data.texts || {};
  var M = data.types || {};
  var host = null;
  if (data.mode === 'iframe' && window.parent && window.parent !== window) host = window.parent;
  else if (data.mode === 'popup' && window.opener && window.opener !== window && !window.opener.closed) host = window.opener;

  function post(message) {
    if (!host || !data.targetOrigin || data.targetOrigin === '*') return false;
    try { host.postMessage(message, data.targetOrigin); return true; } catch (e) { return false; }
  }

  function announce(region, text) {
    if (!region) return;
    region.textContent = '';
    window.setTimeout(function () { region.textContent = text; }, 60);
  }

  // 1. page view (hides the host's loading), then this page's own messages
  var messages = data.messages || [];
  if (data.kind !== 'cookie-check') post({ type: M.PAGE_VIEW });
  var delivered = true;
  for (var i = 0; i < messages.length; i++) delivered = post(messages[i]) && delivered;
  if (messages.length && !delivered && data.noHostText) {
    var status = document.getElementById('status');
    if (status) status.textContent = data.noHostText;
  }
  if (data.closePopup && host && data.mode === 'popup') window.setTimeout(function () { window.close(); }, 300);

  // 2. login and sign-up views
  var views = { login: document.getElementById('view-login'), register: document.getElementById('view-register') };
  function showView(view, notify) {
    if (!views.login || !views.register || !views[view]) return;
    views.login.hidden = view !== 'login';
    views.register.hidden = view !== 'register';
    var heading = views[view].querySelector('h1');
    if (heading) {
      document.title = heading.textContent + (data.product ? ' · ' + data.product : '');
      heading.focus();
    }
    if (data.urls && data.urls[view] && window.history && window.history.replaceState) {
      try { window.history.replaceState(null, '', data.urls[view]); } catch (e) { /* keep the address */ }
    }
    if (notify) post({ type: view === 'register' ? M.SHOW_SIGNUP : M.SHOW_LOGIN });
  }

  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var link = target.closest('[data-switch]');
    if (link && views.login && views.register) {
      event.preventDefault();
      showView(link.getAttribute('data-switch'), true);
      return;
    }
    var toggle = target.closest('.pw-toggle');
    if (toggle) {
      var input = document.getElementById(toggle.getAttribute('aria-controls'));
      if (!input) return;
      var show = input.type === 'password';
      input.type = show ? 'text' : 'password';
      toggle.setAttribute('aria-pressed', show ? 'true' : 'false');
      toggle.setAttribute('aria-label', show ? T.hidePassword : T.showPassword);
    }
  });

  // messages from the host: only from an allowed origin, and only from the window that hosts this page
  window.addEventListener('message', function (event) {
    if (!data.allowedOrigins || data.allowedOrigins.indexOf(event.origin) < 0) return;
    if (!host || event.source !== host) return;
    var type = event.data && event.data.type;
    if (type === M.SHOW_LOGIN) showView('login', false);
    else if (type === M.SHOW_SIGNUP) showView('register', false);
  });

  // 3. form checks
  var EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  function check(input) {
    var rule = input.getAttribute('data-rule');
    var value = input.value || '';
    if (rule === 'email') {
      if (!value.trim()) return T.emailRequired;
      if (!EMAIL.test(value.trim())) return T.emailInvalid;
    } else if (rule === 'password') {
      if (!value) return T.passwordRequired;
    } else if (rule === 'new-password') {
      if (!value) return T.passwordRequired;
      if (value.length < 8) return T.passwordShort;
      if (value.length > 200) return T.passwordLong;
    } else if (rule === 'name') {
      if (value.length > 50) return T.nameLong;
    } else if (rule === 'url') {
      if (!/^https?:\/\/\S+$/i.test(value.trim())) return T.avatarUrlInvalid;
    } else if (rule === 'image') {
      var file = input.files && input.files[0];
      if (!file) return T.avatarMissing;
      if (file.size > 2 * 1024 * 1024) return T.avatarTooLarge;
    } else if (rule === 'repeat') {
      var other = document.getElementById(input.getAttribute('data-same-as'));
      if (other && other.value !== value) return T.passwordsDiffer;
    }
    return '';
  }
  function mark(input, message) {
    var error = document.getElementById(input.id + '-error');
    if (error) error.textContent = message || '';
    if (message) input.setAttribute('aria-invalid', 'true');
    else input.removeAttribute('aria-invalid');
  }
  var forms = document.querySelectorAll('form[data-validate]');
  Array.prototype.forEach.call(forms, function (form) {
    form.addEventListener('submit', function (event) {
      var first = null;
      Array.prototype.forEach.call(form.querySelectorAll('[data-rule]'), function (input) {
        var message = check(input);
        mark(input, message);
        if (message && !first) first = input;
      });
      if (first) {
        event.preventDefault();
        announce(document.getElementById(form.getAttribute('data-alert')), T.fixErrors);
        first.focus();
        return;
      }
      var button = form.querySelector('button[type=submit][data-busy]');
      if (button) {
        button.setAttribute('data-label', button.textContent);
        button.textContent = button.getAttribute('data-busy');
        window.setTimeout(function () { button.disabled = true; }, 0);
      }
    });
    form.addEventListener('input', function (event) {
      var input = event.target;
      if (input && input.getAttribute && input.getAttribute('aria-invalid') === 'true' && !check(input)) mark(input, '');
    });
  });
  // coming back through the history restores the buttons
  window.addEventListener('pageshow', function () {
    Array.prototype.forEach.call(document.querySelectorAll('button[data-label]'), function (button) {
      button.disabled = false;
      button.textContent = button.getAttribute('data-label');
    });
  });

  // 4. an error or notice the server rendered is announced, and the first bad field focused
  var initial = document.querySelector('.alert[data-initial]');
  if (initial && !initial.closest('[hidden]')) {
    var text = initial.textContent;
    announce(initial, text);
    var bad = initial.parentNode && initial.parentNode.querySelector('[aria-invalid=true]');
    if (bad) bad.focus();
  }
})();`;
