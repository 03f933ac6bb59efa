import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { setNavigator } from '@/lib/navigation';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** Hands the router's navigate to code outside React (the API client's 429/403 handling). */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to) => void navigate(to));
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <NavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
