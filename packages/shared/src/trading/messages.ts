// What the API says and the terminal shows for trading. Kept out of ../messages.ts so the public
// pages' bundles do not carry it (they are held to a JS budget).
import type { ErrorCode } from '../errors.js';

/** The user-facing message of each trading refusal (docs/product.md §11.11). */
export const TRADING_ERROR_MESSAGES = {
  ORDER_NOT_FOUND: 'Order or position not found',
  ALREADY_CLOSED: 'This position is already closed or the order is no longer pending',
  UNKNOWN_INSTRUMENT: 'Unknown instrument',
  TRADING_DISABLED: 'Trading is disabled for this account or instrument',
  MARKET_CLOSED: 'The market is closed for this instrument',
  INVALID_VOLUME: 'Invalid volume for this instrument',
  INVALID_PRICE: 'Invalid price: too close to the market or on the wrong side',
  INVALID_STOPS: 'Invalid stop loss, take profit or trailing stop',
  INSUFFICIENT_MARGIN: 'Not enough free margin',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  ACCOUNT_EXISTS: 'You already have an account of this kind',
  EMAIL_NOT_VERIFIED: 'Please verify your e-mail address before opening a live account',
  DOCUMENTS_REQUIRED: 'Proof of ID and proof of residence must be approved first',
  RISK_DISCLOSURE_REQUIRED:
    'Please read and acknowledge the current risk disclosure before opening a live account',
  APPROPRIATENESS_REQUIRED:
    'Please pass the appropriateness test before opening a live account; you can keep trading on Demo',
  RETAKE_TOO_SOON: 'You can take the appropriateness test again 24 hours after your last attempt',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type TradingErrorCode = keyof typeof TRADING_ERROR_MESSAGES;

/** Field messages of the trading request schemas (schemas/trading.ts). */
export const TRADING_MESSAGES = {
  symbolRequired: 'Instrument is required',
  sideInvalid: 'Side must be buy or sell',
  typeInvalid: 'Order type must be market, limit or stop',
  volumeRequired: 'Volume is required',
  volumeFormat: 'Volume must be a number of lots with at most 2 decimals',
  priceRequired: 'A pending order needs a price',
  priceFormat: 'Price must be a plain decimal number',
  priceNotAllowed: 'A market order takes no price',
  stopFormat: 'Stop loss and take profit must be plain decimal numbers',
  trailingFormat: 'Trailing distance must be a whole number of points',
  timeInForceInvalid: 'Time in force must be GTC, GTD or DAY',
  timeInForceMarket: 'Time in force applies to pending orders only',
  expiresAtRequired: 'A GTD order needs an expiry time',
  expiresAtFormat: 'Expiry must be an ISO-8601 UTC time',
  expiresAtNotGtd: 'Only a GTD order takes an expiry time',
  ocoPair: 'An OCO request holds exactly two pending orders of one instrument',
  nothingToChange: 'Nothing to change',
  kindInvalid: 'Account kind must be demo or live',
  directionInvalid: 'Direction must be in or out',
  amountInvalid: 'Amount must be a whole number of cents above zero',
  periodInvalid: 'Period must be one of 1m, 5m, 15m, 1h, 1d',
  limitInvalid: 'Limit must be a whole number from 1 to 1000',
  cursorInvalid: 'Invalid cursor',
  statusInvalid: 'Status must be pending or history',
  idempotencyKeyRequired: 'An Idempotency-Key header is required',
  /** Shown wherever prices appear (docs/product.md §11.1). */
  simulatedPrices: 'Simulated prices',
  counterparty:
    'The platform is the counterparty of every trade: it pays your realised profit and receives your realised loss.',
  negativeBalanceProtection: 'Negative balance protection',
  markupInvalid: 'Spread markup must be a whole number of points from 0 to 100000',
  leverageCapInvalid: 'Leverage cap must be a whole number from 1 to 10000, or none',
  swapRateFormat: 'Swap rate must be a number of points with at most 2 decimals, e.g. -5.00',
  tradingEnabledInvalid: 'Trading on or off must be true or false',
  /** The terminal's word for an instrument the dealing desk has switched off (§11.8). */
  instrumentDisabled:
    'The dealing desk has suspended new orders on this instrument. You can still close positions and cancel orders.',
  badTickInvalid:
    'Bad-tick filter must be a whole number of spreads from 1 to 10000, or blank for off',
  exposureLimitInvalid:
    'Exposure limit must be a whole number of US dollars from 1 to 1000000000, or blank for none',
  /** Refusals of the exposure limits (decision 135), in the client's words. */
  clientExposureLimit:
    'This order would take your open positions beyond the exposure limit the dealing desk has set for your account. Trade a smaller volume or close positions first.',
  bookExposureLimit:
    'The platform cannot take more exposure on this instrument now. Trade a smaller volume or try again later.',
  /** The client's trade confirmations by e-mail (decision 137). */
  tradeConfirmationsRequired: 'Choose whether to receive trade confirmations',
  tradeConfirmationsOn: 'Trade confirmations are on: each fill and close will be e-mailed to you.',
  tradeConfirmationsOff: 'Trade confirmations are off.',
  /** Deal corrections by the dealing desk (decision 136). */
  dealNotFound: 'Deal not found',
  correctionSamePrice: 'This is already the deal’s price',
  correctionNoPrice: 'A demo account reset has no price to correct',
  correctionNoRate:
    'This close was made before conversion rates were kept with each deal, so its profit/loss cannot be recomputed',
  /** The desk's trading controls for the platform or one client (decision 133). */
  modeInvalid: 'Mode must be normal, close_only or halted',
  closeOnly:
    'The dealing desk has limited trading to closing positions and cancelling orders. New orders and changes are refused for now.',
  halted:
    'The dealing desk has halted trading. Your positions stay open and you can still cancel pending orders; stop loss, take profit and stop-out still act.',
} as const;
