import { applyDecorators, Header } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { Public } from '../authorization/authorize.decorator';

/**
 * A page the service serves (a console, a display, a board): open without a token (the page asks for one, or
 * reads only public figures), HTML, never cached, so a screen always loads the page of the running release.
 */
export const HtmlPage = (description = 'The page') =>
  applyDecorators(
    Public(),
    Header('Content-Type', 'text/html; charset=utf-8'),
    Header('Cache-Control', 'no-store'),
    ApiProduces('text/html'),
    ApiOkResponse({ description, content: { 'text/html': { schema: { type: 'string', description: 'An HTML document' } } } }),
  );
