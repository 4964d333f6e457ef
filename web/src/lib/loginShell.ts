/**
 * The login page before the app's JavaScript has run. The build renders the login page to HTML in each language
 * (modules/auth/loginShellMarkup.tsx, web/vite.config.ts) and index.html shows the guest's language at once, on
 * `/login` only: a slow tablet paints the form after the page itself instead of after the app's scripts. The app
 * renders into the hidden `#root` meanwhile; the login page takes the shell's place when it mounts, with what the
 * user typed into it, and any other first screen simply removes it (both by `leaveLoginShell`).
 */

/** The element that holds the shown copy, and the `<template>` of each language (`login-shell-cs`…). */
export const LOGIN_SHELL_ID = 'login-shell';
/** On `<html>` while the shell is shown: `#root` is hidden then (the style of index.html). */
export const LOGIN_SHELL_CLASS = 'login-shell-shown';

/**
 * index.html's inline script, run before the first paint (serialized by web/vite.config.ts: it names nothing
 * outside its body). A guest on `/login` gets the template of their language in `#login-shell`: the stored choice,
 * else Czech for a Czech browser, else English, as lib/language.ts's `initialLanguage` decides (a unit test holds
 * the two together). A submit of the shell's form does nothing: the app takes the values over.
 */
export function showLoginShell(): void {
  let token: string | null = null;
  let stored: string | null = null;
  try {
    token = localStorage.getItem('strazce.token');
    stored = localStorage.getItem('strazce.language');
  } catch {
    // Storage unavailable: a guest in the browser's language.
  }
  // A hand-over from the company directory (`#code=…`) shows its progress, not the form.
  if (token || location.pathname !== '/login' || location.hash) return;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || '';
  const czech = ['cs', 'cs-cz'].indexOf(browser.toLowerCase().replace('_', '-')) >= 0;
  const language = stored === 'cs' || stored === 'en-US' ? stored : czech ? 'cs' : 'en-US';
  const template = document.getElementById('login-shell-' + language) as HTMLTemplateElement | null;
  const shell = document.getElementById('login-shell');
  if (!template || !shell) return;
  shell.appendChild(template.content.cloneNode(true));
  document.documentElement.lang = language;
  document.documentElement.classList.add('login-shell-shown');
  shell.addEventListener('submit', (event) => event.preventDefault());
  const first = shell.querySelector('input');
  if (first) first.focus();
}

/** What the user typed into the shell before the app took over, and which field had the focus. */
export interface LoginShellInput {
  userName: string;
  password: string;
  focused: 'userName' | 'password' | null;
}

function shellElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(LOGIN_SHELL_ID);
}

/** What the user has typed into the shell so far, or null when no shell is shown. */
export function peekLoginShell(): LoginShellInput | null {
  const shell = shellElement();
  if (!shell?.firstElementChild) return null;
  const input = (id: string) => shell.querySelector<HTMLInputElement>(`#${id}`);
  const userName = input('login_userName');
  const password = input('login_password');
  const active = document.activeElement;
  return {
    userName: userName?.value ?? '',
    password: password?.value ?? '',
    focused: active && active === password ? 'password' : active && active === userName ? 'userName' : null,
  };
}

/** Removes the shell (when shown) and shows the app; what was typed into it, or null without a shell. */
export function leaveLoginShell(): LoginShellInput | null {
  const typed = peekLoginShell();
  if (!typed) return null;
  shellElement()?.replaceChildren();
  document.documentElement.classList.remove(LOGIN_SHELL_CLASS);
  return typed;
}
