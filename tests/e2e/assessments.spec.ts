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
    .getByRole('cell')
    .first()
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
    .getByRole('cell')
    .first()
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
  await expect(page.getByRole('heading', { name: 'Report: Project retrospective' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Ratings by question' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Self and others' })).toBeVisible();
  await expect(page.getByText('2 of 10 handed in (20%)')).toBeVisible();
  await page.getByRole('switch', { name: 'Release results' }).click();
  await expect(page.getByRole('switch', { name: 'Release results' })).toBeChecked();
  await expect(page.getByText('Results released')).toBeVisible();
});
