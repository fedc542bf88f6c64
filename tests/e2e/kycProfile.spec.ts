import { expect, logInWithPassword, test } from './fixtures';
import { KYC_DRAFT as DRAFT } from './kycDraft';

test('the personal-information form: pre-filled from the eKYC steps, searchable province and city, the missing count, submission', async ({
  page,
}) => {
  await page.addInitScript((draft) => sessionStorage.setItem('kycDraft', JSON.stringify(draft)), DRAFT);
  // The verification itself is the server's (kycserver); here the form's request is what is checked.
  let sent: Record<string, unknown> | undefined;
  await page.route('**/api/main/customer/improveUserProfile', async (route) => {
    sent = route.request().postDataJSON() as Record<string, unknown>;
    await route.fulfill({
      json: { head: { errCode: '0000', errMsg: '' }, body: { ekycStatus: 0, rejectReason: '', rejectCode: null } },
    });
  });

  await page.goto('/foryou');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  await logInWithPassword(page);
  await page.goto('/kyc-information');

  const form = page.getByTestId('kyc-information-form');
  await expect(form.getByLabel('First name')).toHaveValue('Maria');
  await expect(form.getByLabel('Surname (optional)')).toHaveValue('Santos');
  await expect(form.getByLabel('Date of birth')).toHaveValue('1992-03-14');
  await expect(form.getByRole('group', { name: 'Your ID' }).getByLabel('ID number')).toHaveValue('N01-23-456789');
  // Email, gender, city, postal code, occupation, source of income.
  await expect(page.getByTestId('missing-count')).toHaveText('6 required fields left');
  await page.screenshot({ path: 'test-results/screens/kyc-information-390x844.png' });

  // Submitting early names what is missing, in the player's words.
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(form.getByText('This field is required.').first()).toBeVisible();
  expect(sent).toBeUndefined();

  await form.getByLabel('Email').fill('maria.santos@example.ph');
  await form.getByText('Female').click();

  // Province: searched by name in a sheet.
  await page.getByTestId('province-picker').click();
  const provinceSheet = page.getByRole('dialog', { name: 'Province (optional)' });
  await provinceSheet.getByRole('searchbox', { name: 'Search provinces' }).fill('ceb');
  await page.screenshot({ path: 'test-results/screens/kyc-province-picker-390x844.png' });
  await provinceSheet.getByRole('option', { name: 'Cebu' }).click();
  await expect(page.getByTestId('province-picker')).toContainText('Cebu');

  // City: only Cebu's towns; "lapu" finds Lapu-Lapu.
  await page.getByTestId('city-picker').click();
  const citySheet = page.getByRole('dialog', { name: 'City or municipality' });
  await citySheet.getByRole('searchbox', { name: 'Search cities and municipalities' }).fill('lapu');
  await expect(citySheet.getByRole('option')).toHaveCount(1);
  await citySheet.getByRole('option', { name: 'City of Lapu-Lapu' }).click();
  await expect(page.getByTestId('city-picker')).toContainText('City of Lapu-Lapu');

  await form.getByLabel('Postal code').fill('6015');
  await form.getByLabel('Occupation').selectOption('Healthcare');
  await form.getByLabel('Source of income').selectOption('Salary/Wages');

  // Under 21 is refused in words.
  await form.getByLabel('Date of birth').fill('2010-01-01');
  await expect(page.getByTestId('missing-count')).toHaveText('All required fields are filled in');
  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(form.getByText('You must be 21 or older to play.')).toBeVisible();
  await form.getByLabel('Date of birth').fill('1992-03-14');
  await page.getByTestId('missing-count').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/kyc-information-filled-390x844.png', fullPage: true });

  await page.getByRole('button', { name: 'Submit for verification' }).click();
  await expect(page).toHaveURL(/\/KycResult/);
  expect(sent).toMatchObject({
    faceId: DRAFT.faceImageKey,
    firstIdScan: DRAFT.idImageKey,
    firstIdType: 4,
    firstNoType: 'N01-23-456789',
    firstName: 'Maria',
    middleName: 'Reyes',
    lastName: 'Santos',
    email: 'maria.santos@example.ph',
    gender: 'F',
    birthday: '1992-03-14',
    province: '0702200000',
    city: '0731100000',
    postalCode: '6015',
    occupation: 'Healthcare',
    sourceOfIncome: 'Salary/Wages',
  });
  // The hand-over is spent.
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('kycDraft') ?? '{}').faceImageKey)).toBe('');
});
