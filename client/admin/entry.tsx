// Browser entry of the admin SPA (never loaded on public pages).
import '../lib/zod-without-eval'
import { createRoot } from 'react-dom/client'
import { AdminApp } from './app'
import './styles/index.css'

createRoot(document.getElementById('root')!).render(<AdminApp />)
document.documentElement.dataset.hydrated = ''
