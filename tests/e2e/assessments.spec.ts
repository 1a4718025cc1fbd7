import { expect, test } from './support/test';
import { E2E_BASE_URL } from './support/env';
import { seedWorkspace } from './support/seed';

const QUESTIONS = [
  { kind: 'rating', title: 'Communicates clearly', options: { scale: 5 } },
  { kind: 'rating', title: 'Does their share', options: { scale: 5 } },
  { kind: 'rating', title: 'Helps others', options: { scale: 5 } },
  { kind: 'text', title: 'One thing to keep doing', required: false },
];

test('an assessment answered partly, left, taken up again and finished; the owner sees the chart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedWorkspace(page.request);
  const core = `${E2E_BASE_URL}/api/v2/core`;
  const created = await page.request.post(`${core}/workspaces/${seeded.workspaceId}/assessments`, {
    headers: { authorization: `Bearer ${seeded.owner.token}` },
    data: {
      name: 'Project retrospective',
      type: 'team',
      questions: QUESTIONS,
      who: { rules: ['self', 'teammates'] },
    },
  });
  expect(created.status()).toBe(201);
  const assessmentId = (await created.json()).resource.assessment.id as number;

  // The member (in a team of two): herself, then her teammate.
  await page.context().addCookies([
    { name: 'access_token', value: seeded.member.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
  ]);
  await page.goto(`/workspaces/${seeded.workspaceId}/assessments`);
  await page
    .getByRole('row', { name: /Project retrospective/ })
    .getByRole('button', { name: 'Answer' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Answer: Project retrospective' });
  await expect(dialog.getByText('0 of 2 handed in')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'About yourself' })).toBeVisible();
  await dialog
    .getByRole('radiogroup', { name: 'Communicates clearly' })
    .getByRole('radio', { name: '4' })
    .check();
  // A file on the draft answers: a refused type says why; a good one is listed.
  const files = dialog.getByRole('region', { name: 'Files' });
  await expect(files.getByText('No files attached.')).toBeVisible();
  await files.getByLabel('Add files to these answers').setInputFiles({
    name: 'run.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ not really a program'),
  });
  await files.getByRole('button', { name: 'Attach 1 file' }).click();
  await expect(files.getByText(/cannot be uploaded: run\.exe/)).toBeVisible();
  await files.getByRole('button', { name: 'Remove run.exe' }).click();
  await files.getByLabel('Add files to these answers').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('What went well in the project.'),
  });
  await files.getByRole('button', { name: 'Attach 1 file' }).click();
  await expect(
    files.getByRole('list', { name: 'Attached files' }).getByText(/notes\.txt/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Save and continue later' }).click();
  await expect(dialog).toBeHidden();

  // Later: the draft is still there.
  await page.reload();
  await page
    .getByRole('row', { name: /Project retrospective/ })
    .getByRole('button', { name: 'Answer' })
    .click();
  await expect(dialog.getByRole('heading', { name: 'About yourself' })).toBeVisible();
  await expect(
    dialog
      .getByRole('radiogroup', { name: 'Communicates clearly' })
      .getByRole('radio', { name: '4' }),
  ).toBeChecked();
  await expect(
    files.getByRole('list', { name: 'Attached files' }).getByText(/notes\.txt/),
  ).toBeVisible();
  await expect(files.getByRole('button', { name: 'Download notes.txt' })).toBeVisible();
  // Replace it with a newer version: still one file, now the new name.
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Replace notes.txt' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'notes-v2.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('What went well, second draft.'),
  });
  await expect(
    files.getByRole('list', { name: 'Attached files' }).getByText(/notes-v2\.txt/),
  ).toBeVisible();
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await dialog
    .getByRole('radiogroup', { name: 'Does their share' })
    .getByRole('radio', { name: '5' })
    .check();
  await dialog
    .getByRole('radiogroup', { name: 'Helps others' })
    .getByRole('radio', { name: '3' })
    .check();
  await dialog.getByRole('button', { name: 'Hand in' }).click();
  await expect(dialog.getByText('1 of 2 handed in')).toBeVisible();
  // Handed in: the file stays readable, but no more uploads for that person.
  await dialog.getByRole('button', { name: /^About yourself/ }).click();
  await expect(files.getByText(/notes-v2\.txt/)).toBeVisible();
  await expect(files.getByLabel('Add files to these answers')).toHaveCount(0);
  await expect(files.getByRole('button', { name: /^Replace / })).toHaveCount(0);
  await dialog.getByRole('list', { name: 'Person' }).getByRole('button').nth(1).click();
  await expect(dialog.getByRole('heading', { name: /^About / })).not.toHaveText('About yourself');
  for (const [title, value] of [
    ['Communicates clearly', '3'],
    ['Does their share', '4'],
    ['Helps others', '5'],
  ]) {
    await dialog
      .getByRole('radiogroup', { name: title })
      .getByRole('radio', { name: value })
      .check();
  }
  await dialog.getByLabel('One thing to keep doing').fill('Clear stand-ups.');
  await dialog.getByRole('button', { name: 'Hand in' }).click();
  await expect(dialog.getByText('2 of 2 handed in')).toBeVisible();
  await expect(dialog.getByText('Everything is handed in. Thank you!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The owner reads the report: the radar of the rating questions and the bars.
  await page
    .context()
    .addCookies([{ name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL }]);
  await page.goto(`/workspaces/${seeded.workspaceId}/assessments/${assessmentId}/report`);
  await expect(page.getByRole('heading', { name: 'Project retrospective' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ratings by question' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Self and others' })).toBeVisible();
  await expect(page.getByText('2 of 10 handed in (20%)')).toBeVisible();
  await page.getByRole('switch', { name: 'Release results' }).click();
  await expect(page.getByRole('switch', { name: 'Release results' })).toBeChecked();
  await expect(page.getByText('Results released')).toBeVisible();
});

test('an assessment made with no rater rule gets one through Edit; each rule is ticked by its own words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedWorkspace(page.request);
  const created = await page.request.post(
    `${E2E_BASE_URL}/api/v2/core/workspaces/${seeded.workspaceId}/assessments`,
    {
      headers: { authorization: `Bearer ${seeded.owner.token}` },
      data: { name: 'Forgot the raters', questions: QUESTIONS },
    },
  );
  expect(created.status()).toBe(201);
  await page.context().addCookies([
    { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
  ]);
  await page.goto(`/workspaces/${seeded.workspaceId}/assessments`);
  // The name is a link to the assessment's page.
  await page.getByRole('link', { name: 'Forgot the raters' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot the raters' })).toBeVisible();
  await page.getByRole('tab', { name: 'Raters' }).click();
  await expect(page.getByText('Nobody assesses anyone yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit assessment' });
  const who = dialog.getByRole('group', { name: 'Who assesses whom' });
  const everyone = who.getByRole('checkbox', { name: 'Everyone assesses everyone' });
  const self = who.getByRole('checkbox', { name: 'Each person assesses themselves' });
  await expect(self).not.toBeChecked();
  // Clicking the words of the last rule ticks that rule's box, and only that one.
  await who.getByText('Everyone assesses everyone').click();
  await expect(everyone).toBeChecked();
  await expect(self).not.toBeChecked();
  await who.getByText('Everyone assesses everyone').click();
  await expect(everyone).not.toBeChecked();
  await who.getByText('Each person assesses themselves').click();
  await expect(self).toBeChecked();
  await expect(who.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Six people (owner, admin, four members) now each assess themselves.
  await expect(page.getByText('0 of 6 handed in.')).toBeVisible();
  await expect(page.getByText('Not handed in yet: 6 people')).toBeVisible();
  await page.getByRole('button', { name: /^Linh Pham/ }).click();
  const raters = page.getByRole('list', { name: 'Raters of Linh Pham' });
  await expect(raters.getByText('Linh Pham (self)')).toBeVisible();
  await expect(raters.getByText('Not started')).toBeVisible();
});

test('Escape in a dialog with something typed asks before throwing it away', async ({ page }) => {
  const seeded = await seedWorkspace(page.request);
  await page.context().addCookies([
    { name: 'access_token', value: seeded.owner.token, url: E2E_BASE_URL },
    { name: 'i18n_redirected', value: 'en', url: E2E_BASE_URL },
  ]);
  await page.goto(`/workspaces/${seeded.workspaceId}/assessments`);
  await page.getByRole('button', { name: 'New assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'New assessment' });
  await dialog.getByRole('textbox', { name: 'Name' }).first().fill('Half-typed review');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(ask).toBeVisible();
  // Keep: back in the form with what was typed.
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Name' }).first()).toHaveValue(
    'Half-typed review',
  );
  // Escape again, and this time let it go.
  await dialog.getByRole('textbox', { name: 'Name' }).first().press('Escape');
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  // Nothing typed: Escape just closes.
  await page.getByRole('button', { name: 'New assessment' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ask).toBeHidden();
});
