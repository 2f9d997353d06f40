// trickster: drawn generically until its observation lands.

export default {};
