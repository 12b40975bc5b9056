import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './components/app/Root.tsx';
import './styles/theme.css';
import './components/kit/ui/kit.css';

const element = document.getElementById('root');
if (!element) throw new Error('No #root element');
createRoot(element).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
