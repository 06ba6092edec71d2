import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Chooses an option of an antd Select: opens it, types `search` first when given (a lazy list asks the server),
 * then clicks the option until the list has closed with a value chosen — a click during the opening animation, or
 * on a list the server's answer is just replacing, can be lost, and an open list would cover the next field.
 * `option` is the option's text (a string matches part of it).
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp, search?: string) {
  const field = select.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  const tags = field.locator('.ant-select-selection-item');
  const placeholder = field.locator('.ant-select-placeholder');
  const multiple = /\bant-select-multiple\b/.test((await field.getAttribute('class')) ?? '');
  const before = await tags.count();
  // A single select shows its placeholder until it holds a value; a multiple one has one tag more.
  const holdsChoice = async () => (multiple ? (await tags.count()) > before : !(await placeholder.isVisible()));
  // This select's own list, named after its input (`<id>_list`), and opened when the input says it is not: a list
  // still closing after an Escape or a choice (another select's or this one's) is neither open nor this one's.
  const id = await select.getAttribute('id');
  const anyOpen = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const open = id ? anyOpen.filter({ has: page.locator(`[id="${id}_list"]`) }) : anyOpen;
  const isOpen = async () => (id ? (await select.getAttribute('aria-expanded')) === 'true' : open.first().isVisible());
  const choice = open.locator('.ant-select-item-option', { hasText: option }).first();
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await isOpen())) {
        await select.click();
        if (search) await select.fill(search);
      }
      await choice.click({ timeout: 10_000 });
      await open.first().waitFor({ state: 'hidden', timeout: 5000 });
      await expect.poll(holdsChoice, { timeout: 2000 }).toBe(true);
      return;
    } catch (err) {
      // Still open: the option is clicked again; closed without a value: the list is opened again.
      if (attempt === 3) throw err;
    }
  }
}

/** Waits until no dialog or drawer is mid-animation, so a click or a screenshot meets it settled. */
export const settled = (page: Page) =>
  page.waitForFunction(() =>
    Array.from(document.querySelectorAll('.ant-modal, .ant-modal-mask, .ant-drawer-content-wrapper, .ant-drawer-mask, .ant-popover')).every(
      (el) => !/-(appear|enter|leave)\b/.test(el.className),
    ),
  );

/**
 * Answers the open confirmation (antd `modal.confirm` or a Popconfirm) with the button named `button`, and waits
 * until it has gone.
 * A click that lands during the zoom-in meets the moving box or the wrap behind it and is lost, leaving the
 * confirmation open over the page; so the dialog is let settle first and the click repeated while it still shows.
 */
export async function answerConfirm(page: Page, button: string | RegExp) {
  const confirm = page.locator('.ant-modal-confirm, .ant-popconfirm').filter({ visible: true }).last();
  await confirm.waitFor();
  await settled(page);
  const target = confirm.getByRole('button', { name: button, exact: true });
  for (let attempt = 1; ; attempt++) {
    try {
      if (await target.isVisible()) await target.click({ timeout: 5000 });
      await confirm.waitFor({ state: 'hidden', timeout: 5000 });
      return;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

/**
 * Ticks a checkbox until it holds: inside an area that opens with a motion, a tick that lands mid-way is lost,
 * so it is given again.
 */
export async function checkUntilHeld(box: Locator) {
  await expect
    .poll(
      async () => {
        if (!(await box.isChecked())) await box.check({ timeout: 3000 }).catch(() => undefined);
        return box.isChecked();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

/**
 * Opens a drop-down menu with `opener` and clicks its item `item` until `shows` is visible: the menu drops down with a
 * motion, and a click during it is lost on a busy machine, so the menu is opened and the item clicked again.
 */
export async function pickMenuItem(page: Page, opener: Locator, item: string, shows: Locator) {
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect
    .poll(
      async () => {
        if (await shows.isVisible()) return true;
        if (!(await menuItem.isVisible())) await opener.click({ timeout: 2000 }).catch(() => undefined);
        await menuItem.click({ timeout: 2000 }).catch(() => undefined);
        return shows.isVisible();
      },
      { timeout: 20_000, interval: 500 },
    )
    .toBe(true);
}
