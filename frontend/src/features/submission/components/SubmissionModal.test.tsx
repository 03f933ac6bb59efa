import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/stores/toast-store';
import { signInForTest } from '@/testing/fixtures';
import { jsonResponse, renderWithProviders, sentAuthorization, mockApi } from '@/testing/test-utils';
import { AddStoreButton } from './AddStoreButton';

type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
type Failure = (error: { code: number; message: string }) => void;

/** navigator.geolocation whose answers the test gives one by one. */
function mockGeolocation() {
  const pending: Array<{ ok: Success; fail: Failure }> = [];
  const getCurrentPosition = vi.fn((ok: Success, fail: Failure, _options?: PositionOptions) => {
    pending.push({ ok, fail });
  });
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
  const next = () => {
    const request = pending.shift();
    if (!request) throw new Error('no geolocation request is waiting');
    return request;
  };
  return {
    getCurrentPosition,
    succeed: (latitude: number, longitude: number) => act(async () => next().ok({ coords: { latitude, longitude } })),
    fail: (code: number) => act(async () => next().fail({ code, message: 'x' })),
  };
}

const SUBMIT = '/api/v1/store_submissions';
const stores = () => jsonResponse({ success: true, data: [] });

let objectUrls = 0;
beforeEach(() => {
  objectUrls = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openModal() {
  signInForTest();
  const user = userEvent.setup();
  renderWithProviders(<AddStoreButton />);
  await user.click(screen.getByRole('button', { name: '店舗を投稿' }));
  // The form shows once /config (its limits) has answered, in place of the loading dialog.
  const submit = await screen.findByTestId('submission-submit');
  const dialog = screen.getByRole('dialog', { name: '店舗情報を投稿' });
  return { user, dialog, submit };
}

function jpeg(name = 'shop.jpg', size = 1000) {
  const file = new File(['jpeg'], name, { type: 'image/jpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function toastTexts(type: string) {
  return toastStore
    .get()
    .filter((toast) => toast.type === type)
    .map((toast) => toast.text);
}

describe('submission modal: location (SPEC §4, §8, §9)', () => {
  it('fetches the GPS position on opening (10 s, high accuracy, no cache), shows it and the registered stores nearby', async () => {
    const geo = mockGeolocation();
    const fetchMock = mockApi({
      '/api/v1/stores': () =>
        jsonResponse({
          success: true,
          data: [
            { id: 3, name: 'カードショップ 新宿店', store_type: 'card_shop', prefecture: 'tokyo', prefecture_name: '東京都', city: '新宿区', lat: 35.6903, lng: 139.6925, distance_km: 0.12 },
          ],
        }),
    });
    const { dialog } = await openModal();
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(geo.getCurrentPosition.mock.calls[0]![2]).toEqual({ timeout: 10_000, enableHighAccuracy: true, maximumAge: 0 });
    expect(within(dialog).getByTestId('submission-gps')).toHaveTextContent('現在地を取得中...');

    await geo.succeed(35.6895, 139.6917);
    expect(within(dialog).getByTestId('submission-gps')).toHaveTextContent('緯度 35.68950 / 経度 139.69170');
    const nearby = await within(dialog).findByRole('region', { name: 'この近くの登録済み店舗' });
    expect(nearby).toHaveTextContent('カードショップ 新宿店');
    expect(nearby).toHaveTextContent('120m');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lat: '35.6895', lng: '139.6917', radius_km: '0.3', limit: '5' });
  });

  it.each([
    [1, '位置情報の利用が許可されていません。ブラウザの設定を確認してください。'],
    [2, '位置情報を取得できませんでした'],
    [3, '位置情報の取得がタイムアウトしました'],
    [42, '位置情報の取得中にエラーが発生しました'],
  ])('geolocation error code %i shows SPEC §8’s message; 再取得 asks again', async (code, message) => {
    const geo = mockGeolocation();
    mockApi({ '/api/v1/stores': stores });
    const { user, dialog } = await openModal();
    await geo.fail(code);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);

    await user.click(within(dialog).getByRole('button', { name: '再取得' }));
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(2);
    await geo.succeed(34.7, 135.5);
    expect(within(dialog).getByTestId('submission-gps')).toHaveTextContent('緯度 34.70000 / 経度 135.50000');
    expect(within(dialog).queryByText(message)).not.toBeInTheDocument();
  });

  it('says so when the browser has no geolocation', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    const { dialog } = await openModal();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('お使いのブラウザは位置情報に対応していません');
  });

  it('switching the method resets the coordinates and the address', async () => {
    const geo = mockGeolocation();
    mockApi({ '/api/v1/stores': stores });
    const { user, dialog } = await openModal();
    await geo.succeed(35.6895, 139.6917);
    expect(within(dialog).getByTestId('submission-gps')).toHaveTextContent('35.68950');

    await user.click(within(dialog).getByRole('radio', { name: '住所' }));
    expect(within(dialog).queryByTestId('submission-gps')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/35\.68950/)).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /住所/ }), '東京都新宿区西新宿2丁目');

    // Back to GPS: the old coordinates are gone and a fresh position is asked for.
    await user.click(within(dialog).getByRole('radio', { name: '現在地（GPS）' }));
    expect(geo.getCurrentPosition).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByTestId('submission-gps')).toHaveTextContent('現在地を取得中...');
    expect(within(dialog).getByTestId('submission-gps')).not.toHaveTextContent('35.68950');

    await user.click(within(dialog).getByRole('radio', { name: '住所' }));
    expect(within(dialog).getByRole('textbox', { name: /住所/ })).toHaveValue('');
    // The late answer of the abandoned GPS request does not bring coordinates back.
    await geo.succeed(35.1, 136.9);
    await user.click(within(dialog).getByRole('radio', { name: '現在地（GPS）' }));
    expect(within(dialog).getByTestId('submission-gps')).toHaveTextContent('現在地を取得中...');
  });
});

describe('submission modal: photos (SPEC §2, §5)', () => {
  it('previews a JPEG with an object URL, gives HEIC a file-name tile, and revokes URLs on remove and close', async () => {
    mockGeolocation();
    const { user, dialog } = await openModal();
    const input = within(dialog).getByTestId('submission-images-input');
    expect(input).toHaveAttribute('accept', 'image/*,.heic,.heif');

    await user.upload(input, [jpeg('counter.jpg'), new File(['heic'], 'IMG_0001.HEIC', { type: 'image/heic' })]);
    const previews = within(dialog).getByTestId('submission-previews');
    expect(within(previews).getByRole('img', { name: 'counter.jpg' })).toHaveAttribute('src', 'blob:preview-1');
    const tile = within(previews).getByTestId('submission-no-preview');
    expect(tile).toHaveTextContent('IMG_0001.HEIC');
    expect(tile).toHaveTextContent('プレビューなし');
    expect(within(previews).queryByRole('img', { name: 'IMG_0001.HEIC' })).not.toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);

    await user.upload(input, jpeg('shelf.jpg'));
    await user.click(within(dialog).getByRole('button', { name: '「counter.jpg」を削除' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(within(previews).queryByRole('img', { name: 'counter.jpg' })).not.toBeInTheDocument();
    expect(within(previews).getAllByRole('listitem')).toHaveLength(2);

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: '破棄して閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it('a 4th image brings the alert and is not added', async () => {
    mockGeolocation();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, dialog } = await openModal();
    const input = within(dialog).getByTestId('submission-images-input');
    await user.upload(input, [jpeg('1.jpg'), jpeg('2.jpg'), jpeg('3.jpg')]);
    expect(alert).not.toHaveBeenCalled();
    await user.upload(input, jpeg('4.jpg'));
    expect(alert).toHaveBeenCalledWith('画像は3枚までアップロードできます');
    expect(within(dialog).getAllByRole('img')).toHaveLength(3);
    expect(within(dialog).queryByRole('img', { name: '4.jpg' })).not.toBeInTheDocument();
  });

  it('five chosen at once: the alert, and only the first three are added', async () => {
    mockGeolocation();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user, dialog } = await openModal();
    await user.upload(within(dialog).getByTestId('submission-images-input'), ['a', 'b', 'c', 'd', 'e'].map((n) => jpeg(`${n}.jpg`)));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(within(dialog).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('refuses a photo over 10 MB, and a file that is not an image, with a message', async () => {
    mockGeolocation();
    const { dialog } = await openModal();
    const input = within(dialog).getByTestId('submission-images-input');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [jpeg('big.jpg', 10 * 1024 * 1024 + 1), jpeg('ok.jpg', 10 * 1024 * 1024), new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })]);
    expect(within(dialog).getByText('「big.jpg」は10MBを超えているため追加できません（1枚10MBまで）')).toBeInTheDocument();
    expect(within(dialog).getByText('「menu.pdf」は画像ではないため追加できません')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['ok.jpg']);
  });
});

describe('submission modal: validation and sending (SPEC §5, §7, §8)', () => {
  it('submit is disabled until the form is valid', async () => {
    const geo = mockGeolocation();
    mockApi({ '/api/v1/stores': stores });
    const { user, dialog, submit } = await openModal();
    const name = within(dialog).getByRole('textbox', { name: /店舗名/ });
    expect(submit).toBeDisabled();

    await user.type(name, '   ');
    await geo.succeed(35.6895, 139.6917);
    expect(submit).toBeDisabled(); // blank name
    await user.type(name, 'カードラボ');
    expect(submit).toBeEnabled();

    // GPS: both coordinates must be non-zero.
    await user.click(within(dialog).getByRole('button', { name: '再取得' }));
    expect(submit).toBeDisabled();
    await geo.succeed(0, 139.6917);
    expect(submit).toBeDisabled();

    // Address: non-blank.
    await user.click(within(dialog).getByRole('radio', { name: '住所' }));
    expect(submit).toBeDisabled();
    const address = within(dialog).getByRole('textbox', { name: /住所/ });
    await user.type(address, '  ');
    expect(submit).toBeDisabled();
    await user.type(address, '大阪市北区');
    expect(submit).toBeEnabled();
  });

  it('posts multipart with SPEC’s field names (address), shows 送信中..., then the server message, closes and clears', async () => {
    mockGeolocation();
    let answer: ((response: Response) => void) | undefined;
    const fetchMock = mockApi({ [`POST ${SUBMIT}`]: () => new Promise<Response>((ok) => (answer = ok)) });
    // Passes through to the fake server; Node's fetch names jsdom's files 'blob' when it
    // writes the multipart body, so the parts are checked on the FormData handed to fetch.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const { user, dialog, submit } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: /店舗名/ }), ' カードラボ 梅田店 ');
    await user.click(within(dialog).getByRole('radio', { name: '住所' }));
    await user.type(within(dialog).getByRole('textbox', { name: /住所/ }), '大阪府大阪市北区芝田1丁目');
    await user.type(within(dialog).getByRole('textbox', { name: /コメント/ }), 'BOXは予約のみ');
    const photo = jpeg('front.jpg');
    const heic = new File(['heic'], 'IMG_2.heic', { type: '' });
    await user.upload(within(dialog).getByTestId('submission-images-input'), [photo, heic]);

    await user.click(submit);
    expect(submit).toBeDisabled();
    expect(submit).toHaveTextContent('送信中...');
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe(SUBMIT);
    expect(init?.method).toBe('POST');
    expect(sentAuthorization(init)).toBe('Bearer token-1');
    // The app sets no Content-Type of its own, so fetch writes multipart with the body's boundary.
    expect((init?.headers as Record<string, string>)['Content-Type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = fetchSpy.mock.calls.at(-1)![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...new Set(body.keys())]).toEqual([
      'store_submission[store_name]',
      'store_submission[address]',
      'store_submission[comment]',
      'store_submission[images][]',
    ]);
    expect(body.get('store_submission[store_name]')).toBe('カードラボ 梅田店');
    expect(body.get('store_submission[address]')).toBe('大阪府大阪市北区芝田1丁目');
    expect(body.get('store_submission[comment]')).toBe('BOXは予約のみ');
    expect(body.getAll('store_submission[images][]').map((f) => (f as File).name)).toEqual(['front.jpg', 'IMG_2.heic']);

    await act(async () =>
      answer!(jsonResponse({ success: true, message: '投稿ありがとうございます！承認後に地図に表示されます。' }, { status: 201 })),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastTexts('success')).toEqual(['投稿ありがとうございます！承認後に地図に表示されます。']);

    await user.click(screen.getByRole('button', { name: '店舗を投稿' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('textbox', { name: /店舗名/ })).toHaveValue('');
    expect(within(again).getByRole('radio', { name: '現在地（GPS）' })).toBeChecked();
    expect(within(again).queryByTestId('submission-previews')).not.toBeInTheDocument();
  });

  it('with GPS sends latitude and longitude (no address, no blank comment); without a server message shows the fallback', async () => {
    const geo = mockGeolocation();
    const fetchMock = mockApi({
      '/api/v1/stores': stores,
      [`POST ${SUBMIT}`]: () => jsonResponse({ success: true }, { status: 201 }),
    });
    const { user, dialog, submit } = await openModal();
    await geo.succeed(35.6895, 139.6917);
    await user.type(within(dialog).getByRole('textbox', { name: /店舗名/ }), 'ポケモンセンター');
    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = fetchMock.mock.calls.find(([u]) => u === SUBMIT)![1]!.body as FormData;
    expect([...body.keys()]).toEqual(['store_submission[store_name]', 'store_submission[latitude]', 'store_submission[longitude]']);
    expect(body.get('store_submission[latitude]')).toBe('35.6895');
    expect(body.get('store_submission[longitude]')).toBe('139.6917');
    expect(toastTexts('success')).toEqual(['ありがとうございます！承認後に地図に表示されます']);
  });

  it('a refusal shows the server’s error and keeps the form', async () => {
    mockGeolocation();
    mockApi({
      [`POST ${SUBMIT}`]: () =>
        jsonResponse({ success: false, error: '画像の形式に対応していません', code: 'unsupported_media_type' }, { status: 415 }),
    });
    const { user, dialog, submit } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: /店舗名/ }), 'カードラボ');
    await user.click(within(dialog).getByRole('radio', { name: '住所' }));
    await user.type(within(dialog).getByRole('textbox', { name: /住所/ }), '札幌市');
    await user.click(submit);
    await waitFor(() => expect(toastTexts('error')).toEqual(['画像の形式に対応していません']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /店舗名/ })).toHaveValue('カードラボ');
    expect(submit).toBeEnabled();
    expect(submit).toHaveTextContent('投稿する');
  });

  it('a failure without a server message shows the fallback', async () => {
    mockGeolocation();
    mockApi({ [`POST ${SUBMIT}`]: () => new Response('<html>bad gateway</html>', { status: 502 }) });
    const { user, dialog, submit } = await openModal();
    await user.type(within(dialog).getByRole('textbox', { name: /店舗名/ }), 'カードラボ');
    await user.click(within(dialog).getByRole('radio', { name: '住所' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /住所/ }), { target: { value: '札幌市' } });
    await user.click(submit);
    await waitFor(() => expect(toastTexts('error')).toEqual(['投稿に失敗しました。もう一度お試しください。']));
  });
});

describe('submission modal: closing a form with content asks first (SPEC §4: cleared once closed)', () => {
  it('Esc and the overlay ask before dropping the typed name; 入力を続ける keeps it', async () => {
    mockGeolocation();
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByTestId('submission-store-name'), 'カードショップ 試験店');

    await user.keyboard('{Escape}');
    const ask = screen.getByRole('alertdialog', { name: '入力した内容を破棄して閉じますか？' });
    expect(within(ask).getByRole('button', { name: '入力を続ける' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: '入力を続ける' }));
    expect(screen.getByRole('dialog', { name: '店舗情報を投稿' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('submission-store-name')).toHaveValue('カードショップ 試験店');

    fireEvent.mouseDown(screen.getByTestId('dialog-overlay'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '破棄して閉じる' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Opened again, the form is empty: the rule that closing clears it still holds.
    await user.click(screen.getByRole('button', { name: '店舗を投稿' }));
    expect(await screen.findByTestId('submission-store-name')).toHaveValue('');
  });

  it('an empty form closes at once, without asking', async () => {
    mockGeolocation();
    const { user } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links its help: the guide article on posting, in a new tab so the form stays', async () => {
    mockGeolocation();
    const { dialog } = await openModal();
    const link = within(dialog).getByRole('link', { name: /投稿のしかた/ });
    expect(link).toHaveAttribute('href', '/guide/how-to-post');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
