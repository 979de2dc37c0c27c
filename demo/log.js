// Shared by both demo pages: appends one entry (a name, where it came from if told, and its JSON) to a log list.
export function logEntry(list, name, body, source) {
  const item = document.createElement('li');
  item.dataset.name = name;
  const time = document.createElement('time');
  time.textContent = new Date().toLocaleTimeString();
  const title = document.createElement('code');
  title.textContent = name;
  const detail = document.createElement('pre');
  detail.textContent = JSON.stringify(body, null, 2);
  item.append(time, ' ', title);
  if (source) item.append(` · ${source}`);
  item.append(detail);
  list.append(item);
}

export const KYC_EVENTS = ['kyc-state-change', 'kyc-successful', 'kyc-failed', 'kyc-expired', 'kyc-error', 'kyc-continue'];
