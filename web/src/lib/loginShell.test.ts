// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { initialLanguage } from './language';
import { LOGIN_SHELL_CLASS, leaveLoginShell, peekLoginShell, showLoginShell } from './loginShell';

/** index.html as the build writes it: a template per language, the shell's place, the app's root. */
function page(path = '/login') {
  window.history.replaceState(null, '', path);
  document.documentElement.className = '';
  document.documentElement.lang = '';
  document.body.innerHTML = ['cs', 'en-US']
    .map(
      (language) =>
        `<template id="login-shell-${language}"><form data-language="${language}">` +
        '<input id="login_userName"><input id="login_password" type="password"></form></template>',
    )
    .join('')
    .concat('<div id="login-shell"></div><div id="root"></div>');
}

/** Runs the script as index.html does: its source alone, in the page's global scope. */
function runInlineScript() {
  new Function(`(${showLoginShell.toString()})();`)();
}

function browserLanguages(languages: string[]) {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true });
  Object.defineProperty(window.navigator, 'language', { value: languages[0] ?? '', configurable: true });
}

const shown = () => document.querySelector('#login-shell form')?.getAttribute('data-language') ?? null;

afterEach(() => {
  localStorage.clear();
  browserLanguages(['en-US']);
});

describe("index.html's login page", () => {
  it('is shown in the language the app starts in: the stored choice, else the browser language', () => {
    const stored = [null, 'cs', 'en-US', 'de', ''];
    const browsers = [[], ['cs'], ['cs-CZ', 'en'], ['CS_cz'], ['en-GB', 'cs'], ['sk'], ['de-DE']];
    for (const choice of stored)
      for (const languages of browsers) {
        page();
        localStorage.clear();
        if (choice !== null) localStorage.setItem('strazce.language', choice);
        browserLanguages(languages);
        runInlineScript();
        const expected = initialLanguage(choice, languages);
        expect(shown(), `${choice} ${languages.join()}`).toBe(expected);
        expect(document.documentElement.lang).toBe(expected);
        expect(document.documentElement.classList.contains(LOGIN_SHELL_CLASS)).toBe(true);
      }
  });

  it('is not shown with a stored session, on another path or with a hand-over in the address', () => {
    page();
    localStorage.setItem('strazce.token', 'a-session');
    runInlineScript();
    expect(shown()).toBeNull();
    localStorage.clear();

    for (const path of ['/', '/visits/manager', '/login/x', '/login#code=abc']) {
      page(path);
      runInlineScript();
      expect(shown(), path).toBeNull();
      expect(document.documentElement.classList.contains(LOGIN_SHELL_CLASS)).toBe(false);
      expect(leaveLoginShell()).toBeNull();
    }
  });

  it('hands what was typed and the focused field over to the app, and makes way for it', () => {
    page();
    runInlineScript();
    expect(document.activeElement?.id).toBe('login_userName');
    document.querySelector<HTMLInputElement>('#login_userName')!.value = 'jnovak';
    const password = document.querySelector<HTMLInputElement>('#login_password')!;
    password.value = 'secret';
    password.focus();
    expect(peekLoginShell()).toEqual({ userName: 'jnovak', password: 'secret', focused: 'password' });

    expect(leaveLoginShell()).toEqual({ userName: 'jnovak', password: 'secret', focused: 'password' });
    expect(document.getElementById('login-shell')!.childElementCount).toBe(0);
    expect(document.documentElement.classList.contains(LOGIN_SHELL_CLASS)).toBe(false);
    expect(leaveLoginShell()).toBeNull();
  });

  it("keeps a submit of its form on the page (the app's form submits)", () => {
    page();
    runInlineScript();
    const form = document.querySelector<HTMLFormElement>('#login-shell form')!;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
