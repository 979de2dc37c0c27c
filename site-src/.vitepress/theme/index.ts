import DefaultTheme from 'vitepress/theme';

export default DefaultTheme;
