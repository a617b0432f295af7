/** Opens a signed download link: the browser saves the attachment and the page stays. */
export const openDownload = (url: string): void => window.location.assign(url);
