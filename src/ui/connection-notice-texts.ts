/** The connection notice's words, apart from the component so the browser tests can read them. */
export const CONNECTION_NOTICE = {
  title: 'We can’t reach our servers',
  text: 'Check your connection; this page will update when it’s back.',
};
