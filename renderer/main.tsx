import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { followTheme } from './app/theme.ts';
import './styles/base.css';
import './styles/layout.css';
import './styles/search.css';
import './styles/page.css';
import './styles/page-confined.css';
import './styles/same-name.css';
import './styles/callouts.css';
import './styles/rich-markdown.css';
import './styles/status.css';
import './styles/models.css';
import './styles/curation.css';
import './styles/broken-links.css';
import './styles/consolidate.css';
import './styles/graph.css';
import './styles/skills.css';
import './styles/connection.css';
import './styles/model-offer.css';
import './styles/decisions.css';
import './styles/pages.css';
import './styles/tags.css';
import './styles/page-around.css';

followTheme();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
