import { createRoot } from 'react-dom/client';

createRoot(document.body.appendChild(document.createElement('div'))).render(
  <p>remote-explore is a federated remote; open the product at the shell.</p>,
);
