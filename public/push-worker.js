// Teamloop's service worker: it only shows browser notifications (Web Push) and opens their page
// on a click. The server sends { title, body, url, tag }, encrypted to this browser's keys
// (server/modules/notifications/web-push.ts). Nothing is cached here: the app works as before.

// Pages opened before the worker was registered come under it at once, so a click can move them.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = { title: 'Teamloop', body: '', url: '/', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/notification-icon.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // Only pages of this app open from a notification.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(url);
      // A window the worker does not control cannot be navigated: a new one opens instead.
      return open
        .focus()
        .then((focused) => focused.navigate(url))
        .catch(() => self.clients.openWindow(url));
    }),
  );
});
