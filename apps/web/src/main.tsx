import { render } from 'preact';
import 'uplot/dist/uPlot.min.css';
import './styles/base.css';
import './styles/lists.css';
import './styles/trace.css';
import './styles/content.css';
import { App } from './app.tsx';

render(<App />, document.getElementById('app')!);
