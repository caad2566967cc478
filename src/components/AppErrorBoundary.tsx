// Catches a rendering error anywhere in a page and shows a plain, translated message with a way
// home instead of a blank screen. Plain HTML on purpose: it lives in _app, which stays lean.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { withTranslation, type WithTranslation } from 'next-i18next/pages';

interface State {
  failed: boolean;
}

class ErrorBoundary extends Component<WithTranslation & { children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const { t } = this.props;
    return (
      <main role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 560, margin: '20vh auto', padding: 16, textAlign: 'center' }}>
        <h1>{t('error:serverError.title')}</h1>
        <p>{t('error:serverError.body')}</p>
        <a href="/">{t('error:actions.home')}</a>
      </main>
    );
  }
}

export const AppErrorBoundary = withTranslation()(ErrorBoundary);
