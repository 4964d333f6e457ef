import type { ReactNode } from 'react';
import { ClockCircleOutlined, SafetyCertificateOutlined, ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/BrandMark';
import { AuthLanguageChooser } from './AuthLanguageChooser';
import './auth.css';

/**
 * The frame of the public screens: the product's brand panel and a card with the form; `title` is the h1. Without
 * Ant Design (auth.css): the login page loads before it.
 */
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
        <div className="auth-hero-brand">
          <BrandMark size={44} />
          <div className="auth-hero-brand-text">
            <span className="auth-hero-name">{t('app.name')}</span>
            <span className="auth-hero-tagline">{t('app.tagline')}</span>
          </div>
        </div>
        <div className="auth-hero-body">
          <p className="auth-hero-headline">{t('auth.headline')}</p>
          <p className="auth-hero-lead">{t('auth.lead')}</p>
          <ul className="auth-hero-features">
            {features.map((feature) => (
              <li key={feature.text}>
                <span className="auth-hero-feature-icon">{feature.icon}</span>
                {feature.text}
              </li>
            ))}
          </ul>
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
