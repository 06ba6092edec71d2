import type { Locator, Page } from 'playwright-core';

/**
 * Chooses an option of an antd Select: opens it, types `search` first when given (a lazy list asks the server),
 * then clicks the option until the list has closed — a click during the opening animation can be lost, and an
 * open list would cover the next field. `option` is the option's text (a string matches part of it).
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp, search?: string) {
  await select.click();
  if (search) await select.fill(search);
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  const choice = open.locator('.ant-select-item-option', { hasText: option }).first();
  for (let attempt = 1; ; attempt++) {
    await choice.click();
    try {
      await open.first().waitFor({ state: 'hidden', timeout: 5000 });
      return;
    } catch (err) {
      // A busy machine may still be closing the list: only a still-visible option needs another click.
      if (!(await choice.isVisible())) return;
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
