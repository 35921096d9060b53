/**
 * The words of the generated conversations, ranked most frequent first, so that a word's rank r
 * gives it a Zipf frequency (about 1/r): a few words are in nearly every trace, a long tail is in a
 * handful. The English list opens with real words (function words, then the vocabulary of a
 * support and analytics assistant) and continues with generated words up to ENGLISH_SIZE, so that
 * the tail is as long as a real corpus's. Russian and Japanese have lists of their own; Japanese
 * text is written without spaces between words, as it is in the wild. Both generators (the
 * JavaScript one of the ingest clients and the SQL one of the query data set) draw from these.
 */

const ENGLISH_HEAD = (
  'the of and to a in is you that it for on with as are this be at or have from by not what can ' +
  'your an was but all we will there if do so about which one their when out up my there how then ' +
  'them some would these other into more has her two like him see time could no make than first ' +
  'been its who now people way may down did get come made over only new after also use our work ' +
  'order account please help need want thanks issue question answer customer support ticket refund ' +
  'payment invoice price plan subscription upgrade cancel billing charge card email password login ' +
  'reset error problem update change delivery shipping package tracking address return product item ' +
  'service report data query table database search result document summary context model prompt ' +
  'token response request user admin team project dashboard chart metric latency timeout cache index ' +
  'cluster node region deploy release version feature flag config setting access permission role ' +
  'file upload download export import sync connect integration api key webhook event log trace span ' +
  'session message chat agent tool call retry limit quota usage cost week month today yesterday ' +
  'tomorrow morning evening hour minute day year number list name date status pending failed ' +
  'success complete open closed available missing wrong right correct possible sure still again ' +
  'already just very really quite much many few each every same different another next last before ' +
  'during while because since until though however therefore instead maybe perhaps always never ' +
  'often usually sometimes check verify confirm explain describe show find send receive create delete ' +
  'remove add edit save load run start stop restart install configure enable disable allow block ' +
  'schedule book reserve meeting calendar weather travel flight hotel ticketing restaurant menu ' +
  'recipe translate language english spanish french german japanese russian chinese write read ' +
  'review feedback rating score evaluate compare improve optimize reduce increase migrate backup ' +
  'restore monitor alert notify incident outage security privacy policy terms contract legal vendor ' +
  'supplier warehouse inventory stock discount coupon promotion campaign marketing sales lead ' +
  'revenue budget forecast quarter annual growth analysis insight trend anomaly spike drop ' +
  'graph pipeline embedding vector retrieval ranking relevance accuracy precision recall benchmark ' +
  'dataset label training inference latency throughput memory storage network bandwidth certificate ' +
  'domain server client browser mobile android iphone desktop laptop printer router keyboard screen'
)
  .split(' ')
  .filter((w, i, all) => all.indexOf(w) === i);

/** Consonant-vowel syllables: concatenations of them split back one way only, so generated words are distinct. */
export const SYLLABLES: readonly string[] = (() => {
  const out: string[] = [];
  for (const c of 'bcdfghjklmnprstvwyz') for (const v of 'aeiou') out.push(c + v);
  return out;
})();

/** The generated word of a tail rank: its digits in base SYLLABLES.length, each one syllable (two or more). */
function tailWord(n: number): string {
  let x = n + SYLLABLES.length;
  let w = '';
  while (x > 0) {
    w = SYLLABLES[x % SYLLABLES.length] + w;
    x = Math.floor(x / SYLLABLES.length);
  }
  return w;
}

/** Words of the English list, head and generated tail. */
export const ENGLISH_SIZE = 50_000;

export const ENGLISH: readonly string[] = (() => {
  const words = [...ENGLISH_HEAD];
  const seen = new Set(words);
  for (let n = 0; words.length < ENGLISH_SIZE; n++) {
    const w = tailWord(n);
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
})();

export const RUSSIAN: readonly string[] = (
  'и в не на я что он с как а это по но она к его все так из у за вы мы от то было ' +
  'заказ оплата счёт возврат доставка пароль вход ошибка помощь вопрос ответ клиент поддержка ' +
  'подписка тариф цена карта адрес почта письмо номер статус данные отчёт таблица поиск ' +
  'документ модель запрос пользователь проект сервер время день неделя месяц сегодня завтра ' +
  'вчера утром вечером пожалуйста спасибо нужно можно нельзя почему когда где сколько ' +
  'проверить отменить обновить изменить получить отправить найти создать удалить сохранить ' +
  'Москва Петербург Новосибирск Казань Россия компания банк магазин товар склад скидка ' +
  'погода поездка билет гостиница ресторан встреча календарь работа команда отдел руководитель ' +
  'быстро медленно правильно неправильно новый старый большой маленький важный срочный ' +
  'уведомление подключение интеграция настройка доступ безопасность резервный копия журнал ' +
  'ёлка щука объяснение съёмка чёрный жёлтый'
).split(' ');

/** Content words; JAPANESE_PARTICLES join them into sentences without spaces. */
export const JAPANESE: readonly string[] = (
  '注文 支払い 請求書 返金 配送 パスワード ログイン エラー 問題 質問 回答 お客様 サポート ' +
  '料金 プラン 解約 アカウント メール 住所 番号 状態 データ 報告 検索 文書 要約 モデル ' +
  '東京 大阪 京都 横浜 名古屋 北海道 日本 会社 銀行 商品 在庫 割引 天気 旅行 ホテル ' +
  '予約 会議 明日 今日 昨日 来週 先月 時間 確認 変更 更新 削除 作成 送信 受信 設定 ' +
  '接続 通知 安全 保存 復元 監視 分析 結果 改善 翻訳 日本語 英語 新しい 古い 早く 遅い ' +
  '大切 簡単 難しい 便利 必要 可能 担当者 部署 契約 規約 請求 領収書 ラーメン 寿司 桜 富士山'
).split(' ');

export const JAPANESE_PARTICLES: readonly string[] = ['は', 'が', 'を', 'に', 'で', 'と', 'の', 'も', 'から', 'まで'];

/** Fixed system prompts: real applications send the same few, which is how they compress. */
export const SYSTEM_PROMPTS: readonly string[] = [
  'You are a helpful support assistant. Answer briefly and cite the account data you used.',
  'You are an analytics assistant. Explain the numbers in plain words and suggest one next step.',
  'Summarize the conversation for the support team. Keep order numbers and dates exactly as given.',
  'You are a travel agent. Offer at most three options and state each price in the customer currency.',
  'Classify the request as billing, delivery, account or other, and explain the choice in one sentence.',
];
