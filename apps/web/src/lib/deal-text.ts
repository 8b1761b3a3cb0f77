// Words for what the trading API sends as codes, shared by the client's terminal and the back
// office's dealing desk; they live in @brokerdesk/shared because the confirmation e-mails say
// them too (decision 137).
export { dealReasonText, sideText } from '@brokerdesk/shared/trading';
