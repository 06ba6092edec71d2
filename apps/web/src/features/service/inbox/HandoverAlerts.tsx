import { useEffect, useRef, useState } from 'react';
import { Button, Popover, Space, Switch, Typography } from 'antd';
import { BellOutlined, MutedOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InboxConversation } from '@nusa/contracts';
import { customerLabel } from '../customer-label.ts';
import {
  newHandovers,
  notificationsSupported,
  playChime,
  readAlertSettings,
  saveAlertSettings,
  unlockSound,
  waitingIds,
  type AlertSettings,
} from './notify.ts';

/**
 * A new hand-over in the live inbox plays a short chime and, when the agent allowed it and looks elsewhere, shows a
 * browser notification. The bell in the page heading mutes the sound and turns notifications on (the browser asks
 * for permission from that click).
 */
export function HandoverAlerts({ items, ready }: { items: readonly InboxConversation[]; ready: boolean }) {
  const { t } = useTranslation();
  const [settings, setSettings] = useState<AlertSettings>(readAlertSettings);
  const [denied, setDenied] = useState(() => notificationsSupported() && Notification.permission === 'denied');
  const seen = useRef<Set<string>>(undefined);

  useEffect(() => {
    // Any click on the page lets the chime play later (browsers' autoplay rules).
    const unlock = () => unlockSound();
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => window.removeEventListener('pointerdown', unlock);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const fresh = newHandovers(seen.current, items);
    seen.current = waitingIds(items);
    if (!fresh.length) return;
    document.body.dataset.inboxAlerts = String(Number(document.body.dataset.inboxAlerts ?? 0) + fresh.length);
    if (settings.sound) playChime();
    if (settings.desktop && notificationsSupported() && Notification.permission === 'granted' && (document.hidden || !document.hasFocus()))
      for (const c of fresh)
        new Notification(t('inboxTools.newHandover'), {
          body: t('inboxTools.newHandoverBody', { customer: customerLabel(c, t), text: c.lastText }),
          tag: c.id,
        });
  }, [items, ready, settings, t]);

  const change = (next: AlertSettings) => {
    setSettings(next);
    saveAlertSettings(next);
  };
  const content = (
    <Space orientation="vertical">
      <Space>
        <Switch
          size="small"
          checked={settings.sound}
          aria-label={t('inboxTools.sound')}
          onChange={(sound) => {
            if (sound) unlockSound();
            change({ ...settings, sound });
          }}
        />
        {t('inboxTools.sound')}
      </Space>
      {notificationsSupported() && (
        <Space>
          <Switch
            size="small"
            checked={settings.desktop && !denied}
            disabled={denied}
            aria-label={t('inboxTools.desktop')}
            onChange={(desktop) => {
              if (!desktop) return change({ ...settings, desktop });
              void Notification.requestPermission().then((p) => {
                setDenied(p === 'denied');
                change({ ...settings, desktop: p === 'granted' });
              });
            }}
          />
          {t('inboxTools.desktop')}
        </Space>
      )}
      {denied && <Typography.Text type="secondary">{t('inboxTools.desktopDenied')}</Typography.Text>}
    </Space>
  );
  return (
    <Popover content={content} title={t('inboxTools.alerts')} trigger="click" placement="bottomRight">
      <Button icon={settings.sound ? <BellOutlined /> : <MutedOutlined />} aria-label={t('inboxTools.alerts')} data-testid="inbox-alerts" />
    </Popover>
  );
}
