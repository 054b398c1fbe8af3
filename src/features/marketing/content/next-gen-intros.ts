/** The next-gen page's short introduction in each language its language buttons offer. */
export interface LanguageIntro {
  /** BCP 47 tag, set as the lang attribute of the copy and of its button. */
  lang: string;
  /** The language's own name, as its speakers write it. */
  label: string;
  heading: string;
  text: string;
}

export const NEXT_GEN_INTROS: readonly LanguageIntro[] = [
  {
    lang: 'en',
    label: 'English',
    heading: 'Products for the next generation',
    text: 'Our engineers build apps, platforms and AI products that speak your customers’ language from day one: translated interfaces, local payment methods and support in their time zone.',
  },
  {
    lang: 'es',
    label: 'Español',
    heading: 'Productos para la próxima generación',
    text: 'Nuestros ingenieros crean aplicaciones, plataformas y productos de inteligencia artificial que hablan el idioma de sus clientes desde el primer día: interfaces traducidas, métodos de pago locales y soporte en su zona horaria.',
  },
  {
    lang: 'fr',
    label: 'Français',
    heading: 'Des produits pour la prochaine génération',
    text: 'Nos ingénieurs conçoivent des applications, des plateformes et des produits d’intelligence artificielle qui parlent la langue de vos clients dès le premier jour : interfaces traduites, moyens de paiement locaux et assistance dans leur fuseau horaire.',
  },
  {
    lang: 'zh',
    label: '中文',
    heading: '为下一代打造的产品',
    text: '我们的工程师从第一天起就打造使用客户语言的应用、平台和人工智能产品：界面本地化、支持当地支付方式，并在客户所在时区提供支持。',
  },
];
