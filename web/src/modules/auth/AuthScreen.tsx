import type { ReactNode } from 'react';
import { Flex } from 'antd';
import { ClockCircleOutlined, SafetyCertificateOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { AuthLanguageChooser } from './AuthLanguageChooser';
import './auth.css';

/** The frame of the public screens: the product's brand panel and a card with the form; `title` is the h1. */
export function AuthScreen({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const features = [
    { icon: <ShopOutlined />, text: t('auth.feature.sites') },
    { icon: <SafetyCertificateOutlined />, text: t('auth.feature.security') },
    { icon: <ClockCircleOutlined />, text: t('auth.feature.audit') },
  ];
  return (
    <div className="auth-screen">
      <aside className="auth-hero">
        <Flex align="center" gap={14}>
          <BrandMark size={44} />
          <Flex vertical>
            <span className="auth-hero-name">{t('app.name')}</span>
            <span className="auth-hero-tagline">{t('app.tagline')}</span>
          </Flex>
        </Flex>
        <div className="auth-hero-body">
          <p className="auth-hero-headline">{t('auth.headline')}</p>
          <p className="auth-hero-lead">{t('auth.lead')}</p>
          <Flex vertical gap={14} component="ul" className="auth-hero-features">
            {features.map((feature) => (
              <Flex component="li" key={feature.text} align="center" gap={12}>
                <span className="auth-hero-feature-icon">{feature.icon}</span>
                {feature.text}
              </Flex>
            ))}
          </Flex>
        </div>
        <span className="auth-hero-footer">{t('auth.footer', { year: new Date().getFullYear() })}</span>
      </aside>
      <main className="auth-panel">
        <div className="auth-panel-top">
          <AuthLanguageChooser />
        </div>
        <div className="auth-card">
          <h1 className="auth-card-title">{title}</h1>
          {subtitle && <p className="auth-card-subtitle">{subtitle}</p>}
          {children}
        </div>
      </main>
    </div>
  );
}
